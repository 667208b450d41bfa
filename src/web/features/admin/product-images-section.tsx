import { useRef, useState } from 'react';
import { mediaPath, type ProductImage } from '../../../contract/product-images.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';
import {
  useOrderImages,
  useProductImages,
  useRemoveImage,
  useUploadImage,
} from './product-images-api.ts';

/** The order with one image moved a place up (-1) or down (+1). */
function moved(images: readonly ProductImage[], index: number, by: -1 | 1) {
  const ids = images.map((i) => i._id);
  const [one] = ids.splice(index, 1);
  ids.splice(index + by, 0, one!);
  return ids;
}

/**
 * The product's uploaded images in the Edit product dialog: add one (JPEG, PNG or WebP, up to
 * 10 MB), and move or remove each. The first is the product's picture; `onPicture` hears it
 * change, so that the form beside it does not save the old link back.
 */
export function ProductImagesSection({
  productId,
  onPicture,
}: {
  productId: string;
  onPicture: (img: string) => void;
}) {
  const images = useProductImages(productId);
  const upload = useUploadImage(productId, onPicture);
  const remove = useRemoveImage(productId, onPicture);
  const order = useOrderImages(productId, onPicture);
  const input = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState(false);
  const inputId = `images-${productId}`;
  const list = images.data?.data ?? [];
  const busy = upload.isPending || remove.isPending || order.isPending;
  const error = missing
    ? 'Choose an image file first.'
    : (upload.error ?? remove.error ?? order.error ?? images.error)?.message;

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setMissing(!file);
    if (!file) return;
    remove.reset();
    order.reset();
    upload.mutate(file, {
      // Only the file that was sent is cleared: the list shows the new image before this runs,
      // and an admin may have chosen the next file by then.
      onSuccess: () => {
        if (input.current?.files?.[0] === file) input.current.value = '';
      },
    });
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="mt-4 flex flex-col gap-3">
      <h3 id={`${inputId}-heading`} className="text-lg font-semibold">
        Images
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-base-content/70">
          No uploaded images: the product shows its image link.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {list.map((image, index) => {
            const n = index + 1;
            return (
              <li
                key={image._id}
                className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 p-2"
              >
                {/* The text beside it names it: the thumbnail itself adds nothing to hear. */}
                <img
                  src={mediaPath(image._id, 160, 'webp')}
                  alt=""
                  width={80}
                  height={Math.max(1, Math.round((80 * image.height) / image.width))}
                  className="h-auto w-20 rounded bg-base-200 object-contain"
                />
                <span className="text-sm">
                  {index === 0 ? 'First: the picture' : `Image ${n}`}
                  <span className="block text-base-content/70">
                    {image.width} × {image.height}
                  </span>
                </span>
                <span className="ml-auto flex flex-wrap gap-1">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    aria-label={`Move image ${n} up`}
                    disabled={index === 0 || busy}
                    onClick={() => order.mutate(moved(list, index, -1))}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    aria-label={`Move image ${n} down`}
                    disabled={index === list.length - 1 || busy}
                    onClick={() => order.mutate(moved(list, index, 1))}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    aria-label={`Remove image ${n}`}
                    disabled={busy}
                    onClick={() => remove.mutate(image._id)}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <form onSubmit={send} className="flex flex-col gap-2" encType="multipart/form-data">
        <label htmlFor={inputId} className="font-medium">
          Add an image
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={inputId}
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${inputId}-hint`}
            className="file-input file-input-bordered w-full max-w-xs"
            onChange={() => setMissing(false)}
          />
          <BusyButton type="submit" className="btn btn-outline" pending={upload.isPending}>
            Upload image
          </BusyButton>
        </div>
        <p id={`${inputId}-hint`} className="text-sm text-base-content/70">
          JPEG, PNG or WebP, up to 10 MB. The first image is the product’s picture.
        </p>
        <FormError message={error} />
      </form>
    </section>
  );
}
