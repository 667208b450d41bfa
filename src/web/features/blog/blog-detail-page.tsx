import {
  isRouteErrorResponse,
  useParams,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { RouteErrorPage } from '../../components/route-error-page.tsx';
import { Picture } from '../../components/picture.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { JsonLd } from '../../lib/json-ld.tsx';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSiteOrigin } from '../../lib/site-origin.tsx';
import { blogPosting, breadcrumbList } from '../../lib/structured-data.ts';
import { blogQuery, useBlog } from './api.ts';
import { Paragraphs } from './paragraphs.tsx';
import { BackLink } from '../../components/back-link.tsx';

/** The first paragraph, cut at a word to the 160 characters a search result shows. */
function summary(text: string, max = 160) {
  const first = (text.split('\n\n')[0] ?? '').trim();
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The post; one that is not there is the page's 404. */
export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureAll(page, [blogQuery(params.blogsid ?? '', page.call)]);
}

/** A post that is not there (its loader's 404) or could not be read. */
function Unavailable({ error }: { error: unknown }) {
  const missing =
    (error instanceof ApiError || isRouteErrorResponse(error)) && error.status === 404;
  return (
    <section className="flex flex-col items-center gap-6 py-24 text-center">
      <PageMeta
        title={missing ? 'Blog post not found' : 'Blog post'}
        description="This blog post could not be shown."
        noindex
      />
      <h1 className="text-3xl font-bold">
        {missing ? 'This blog post does not exist.' : 'Blog post'}
      </h1>
      {!missing && error instanceof Error && <SectionError error={error} />}
      <BackLink to={sitePaths.blog}>Back to the blog</BackLink>
    </section>
  );
}

/** The route's error page: a missing post says so in the blog's own words. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Unavailable error={error} />;
  return <RouteErrorPage />;
}

export function BlogDetailPage() {
  const { blogsid = '' } = useParams();
  const blog = useBlog(blogsid);
  const origin = useSiteOrigin();

  if (blog.isPending) return <PageSpinner label="Loading the blog post" />;

  if (blog.isError) return <Unavailable error={blog.error} />;

  const post = blog.data;
  const path = toPath(sitePaths.blogDetail, { blogsid: post._id });
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 py-10">
      <PageMeta
        title={post.title}
        description={summary(post.desc)}
        path={path}
        image={post.img}
        type="article"
      />
      <JsonLd data={blogPosting(origin, { ...post, path })} />
      <JsonLd
        data={breadcrumbList(origin, [
          { name: 'Home', path: sitePaths.home },
          { name: 'Blog', path: sitePaths.blog },
          { name: post.title, path },
        ])}
      />
      <Picture src={post.img} width={600} height={340} lead className="h-auto w-full rounded-box" />
      <h1 className="text-3xl font-bold md:text-4xl">{post.title}</h1>
      <Paragraphs text={post.desc} className="text-lg leading-relaxed" />
      <div>
        <BackLink to={sitePaths.blog}>Back to the blog</BackLink>
      </div>
    </article>
  );
}
