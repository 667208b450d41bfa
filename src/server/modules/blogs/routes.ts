import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blog, blogList } from '../../../contract/blogs.ts';
import { errorBody, idParams } from '../../../contract/common.ts';
import type { Db } from '../../db/client.ts';
import { allBlogs, getBlog } from './service.ts';

export const blogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/blogs',
    {
      schema: {
        tags: ['blogs'],
        summary: 'All blog posts, newest first',
        response: { 200: blogList },
      },
    },
    () => allBlogs(db),
  );

  app.get(
    '/blogs/:id',
    {
      schema: {
        tags: ['blogs'],
        summary: 'One blog post',
        params: idParams,
        response: { 200: blog, 404: errorBody },
      },
    },
    (request) => getBlog(db, request.params.id),
  );
};
