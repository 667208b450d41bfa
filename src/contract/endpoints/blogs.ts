import { blog, blogList } from '../blogs.ts';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';

/** The blogs part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const blogsEndpoints = {
  // The blog.
  listBlogs: endpoint({
    method: 'GET',
    path: '/api/blogs',
    access: 'anyone',
    tag: 'blogs',
    summary: 'All blog posts, newest first',
    response: blogList,
  }),
  getBlog: endpoint({
    method: 'GET',
    path: '/api/blogs/:id',
    access: 'anyone',
    tag: 'blogs',
    summary: 'One blog post',
    params: idParams,
    response: blog,
  }),
} as const;
