import { z } from 'zod';

export const blog = z.object({
  _id: z.string(),
  title: z.string(),
  desc: z.string(),
  img: z.string(),
});
export type Blog = z.infer<typeof blog>;

export const blogList = z.object({ data: z.array(blog) });
export type BlogList = z.infer<typeof blogList>;
