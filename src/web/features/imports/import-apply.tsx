import { CircleCheck, Play, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import type { ImportPreview } from '../../../contract/imports.ts';
import type { Job } from '../../../contract/jobs.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useApplyImport, useJob, useRetryJob } from './api.ts';
import { ImageOutcome } from './image-outcome.tsx';
import { importPath, useImportAnswer } from './import-action.ts';

const plural = (n: number, one: string, many: string) =>
  `${groupDigits(n)} ${n === 1 ? one : many}`;

/** What applying does, in a sentence: "1 product added and 2 changed". */
function changes({ kind, creates, updates }: ImportPreview) {
  if (kind === 'stock') return `${plural(updates, 'stock count', 'stock counts')} changed`;
  if (kind === 'prices') return `${plural(updates, 'price', 'prices')} changed`;
  if (kind === 'dealer-prices') {
    return `${plural(creates, 'own ladder', 'own ladders')} added and ${groupDigits(updates)} changed`;
  }
  return `${plural(creates, 'product', 'products')} added and ${groupDigits(updates)} changed`;
}

/**
 * Apply for a valid import, then its job followed to the end: a progress bar while it runs,
 * a success message when it is done, the reason and Retry when it failed. Each button is a
 * real form too, for the moment before the script takes over.
 */
export function ImportApply({ preview }: { preview: ImportPreview }) {
  if (preview.jobId) return <JobProgress jobId={preview.jobId} preview={preview} />;
  if (preview.status !== 'valid') return null;
  return <ApplyForm preview={preview} />;
}

function ApplyForm({ preview }: { preview: ImportPreview }) {
  const apply = useApplyImport(preview._id);
  const answer = useImportAnswer('apply');
  const nothing = preview.creates + preview.updates === 0;
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (!apply.isPending) apply.mutate();
      }}
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="importId" value={preview._id} />
      <p>
        {nothing
          ? 'Every line matches what the shop has: applying changes nothing.'
          : `Applying makes these changes all at once: ${changes(preview)}.`}
      </p>
      <div>
        <BusyButton type="submit" className="btn btn-primary" pending={apply.isPending}>
          <Play size={18} aria-hidden="true" />
          Apply
        </BusyButton>
      </div>
      <FormError message={apply.error ? errorMessage(apply.error) : answer?.message} />
    </form>
  );
}

function JobProgress({ jobId, preview }: { jobId: string; preview: ImportPreview }) {
  const job = useJob(jobId);
  if (job.isPending) return <SectionSpinner label="Loading the apply's progress" />;
  if (job.isError) return <FormError message={errorMessage(job.error)} />;
  const { status } = job.data;
  if (status === 'failed') return <Failed job={job.data} preview={preview} />;
  return (
    <div className="flex flex-col gap-3">
      <ProgressBar job={job.data} preview={preview} />
      {status === 'done' ? <Done preview={preview} /> : <StillRunning preview={preview} />}
      {status === 'done' && <ImageOutcome job={job.data} />}
    </div>
  );
}

function ProgressBar({ job, preview }: { job: Job; preview: ImportPreview }) {
  const done = job.status === 'done';
  // Until the job has counted its lines (PGlite writes its progress after the apply), the
  // preview's. A products import's image links count too: the job fetches them after the lines.
  const total = job.progress.total || preview.creates + preview.updates;
  const count = done ? total : Math.min(job.progress.done, total);
  const label = done
    ? `Applied: ${groupDigits(total)} of ${groupDigits(total)}`
    : job.status === 'queued'
      ? 'Waiting to start…'
      : `Applying: ${groupDigits(count)} of ${groupDigits(total)}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="import-progress" className="font-medium tabular-nums">
        {label}
      </label>
      <progress
        id="import-progress"
        className={`progress w-full ${done ? 'progress-success' : 'progress-primary'}`}
        max={Math.max(total, 1)}
        value={done && total === 0 ? 1 : count}
      />
    </div>
  );
}

/** Before the script runs the page, nothing asks again by itself: a link does. */
function StillRunning({ preview }: { preview: ImportPreview }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <Link to={importPath(preview._id)} className="link self-start">
      Check the progress again
    </Link>
  );
}

function Done({ preview }: { preview: ImportPreview }) {
  return (
    <div role="status" className="alert alert-success flex flex-wrap">
      <CircleCheck size={20} aria-hidden="true" />
      <span>
        Import applied: {changes(preview)}.{' '}
        <Link to={sitePaths.imports} className="link font-medium">
          Check another file
        </Link>
      </span>
    </div>
  );
}

function Failed({ job, preview }: { job: Job; preview: ImportPreview }) {
  const retry = useRetryJob(job._id);
  const answer = useImportAnswer('retry');
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (!retry.isPending) retry.mutate();
      }}
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="jobId" value={job._id} />
      <input type="hidden" name="importId" value={preview._id} />
      <div role="alert" className="alert alert-error flex flex-col items-start gap-1">
        <p className="font-semibold">The import could not be applied; nothing of it was changed.</p>
        <p>Reason: {job.error ?? 'not known'}</p>
      </div>
      <div>
        <BusyButton type="submit" className="btn btn-primary" pending={retry.isPending}>
          <RotateCcw size={18} aria-hidden="true" />
          Retry
        </BusyButton>
      </div>
      <FormError message={retry.error ? errorMessage(retry.error) : answer?.message} />
    </form>
  );
}
