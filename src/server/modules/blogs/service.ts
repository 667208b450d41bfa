import type { Blog } from '../../../contract/blogs.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findBlog, listBlogs, type BlogRow } from './repository.ts';

const toBlog = (row: BlogRow): Blog => ({
  _id: row.id,
  title: row.title,
  desc: row.description,
  img: row.imageUrl,
});

export async function allBlogs(db: Db) {
  return { data: (await listBlogs(db)).map(toBlog) };
}

export async function getBlog(db: Db, id: string) {
  const row = isUuid(id) ? await findBlog(db, id) : undefined;
  if (!row) throw notFound('Blog post');
  return toBlog(row);
}
