import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { reviewInput } from '../../../contract/reviews.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { useFormAnswer } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { FormError, SubmitButton } from '../../components/form-fields.tsx';
import { PersonPhoto } from '../../components/person-photo.tsx';
import type { SessionUser } from '../../lib/session.ts';
import { ProductSelect } from './product-select.tsx';
import { StarRatingInput } from './star-rating-input.tsx';
import { useAddReview } from './use-add-review.ts';
import { FormCard } from '../../components/form-card.tsx';

type Values = z.input<typeof reviewInput>;

/**
 * Spec's My Review: optional text, a required rating, Add Review (POST /api/review), and which
 * product it is about, if any (`?product=` when a product page's "Review this product" led here).
 */
export function ReviewForm({ user }: { user: SessionUser }) {
  const add = useAddReview();
  // Sent before the script took over and refused: what was written, and why (the action).
  const answer = useFormAnswer();
  const [searchParams] = useSearchParams();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof reviewInput>>({
    resolver: zodResolver(reviewInput),
    defaultValues: {
      desc: answer?.values.desc ?? '',
      rating: Number(answer?.values.rating) || undefined,
      productId: answer?.values.productId || searchParams.get('product') || undefined,
    },
  });

  const submit = handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        notify('success', 'Add Review Success');
        reset();
      },
    }),
  );

  return (
    <FormCard
      titleId="review-form-title"
      title="Review ECParts"
      heading="h2"
      onSubmit={submit}
      // Sent by script; before it has loaded, the page's action adds it (docs/decisions/0018).
      method="post"
      wide
      spacious
    >
      <Reviewer user={user} />
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            id="review-rating"
            name="rating"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.rating?.message ?? answer?.fieldErrors.rating}
          />
        )}
      />
      <Controller
        control={control}
        name="productId"
        render={({ field }) => (
          <ProductSelect
            id="review-product"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            selectRef={field.ref}
            error={errors.productId?.message}
          />
        )}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="review-desc" className="font-medium">
          Your review (optional)
        </label>
        <textarea
          id="review-desc"
          rows={5}
          maxLength={1000}
          placeholder="How were our parts, prices and delivery?"
          className={`textarea w-full ${errors.desc ? 'textarea-error' : ''}`}
          aria-invalid={errors.desc ? true : undefined}
          aria-describedby={errors.desc ? 'review-desc-error' : undefined}
          defaultValue={answer?.values.desc}
          {...register('desc')}
        />
        {errors.desc && (
          <p id="review-desc-error" className="text-sm text-error">
            {errors.desc.message}
          </p>
        )}
      </div>
      <div className="sm:max-w-xs">
        <SubmitButton pending={add.isPending}>Add Review</SubmitButton>
      </div>
      <FormError message={add.error?.message ?? answer?.formError} />
    </FormCard>
  );
}

/** Who the review will show: the name and photo of the profile, which the server uses. */
function Reviewer({ user }: { user: SessionUser }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-box bg-base-200 p-3">
      <PersonPhoto src={user.image} size={48} eager />
      <p className="min-w-0 flex-1">
        Your review shows as <strong>{user.name}</strong>, with your profile photo.{' '}
        <Link to={sitePaths.myProfile} className="link link-primary">
          Change them in My Profile
        </Link>
      </p>
    </div>
  );
}
