import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs } from '../../db/schema.ts';

export type BlogRow = typeof blogs.$inferSelect;

export const listBlogs = (db: Executor) =>
  db.select().from(blogs).orderBy(desc(blogs.createdAt), desc(blogs.id)).limit(100);

export async function findBlog(db: Executor, id: string) {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id));
  return row;
}
