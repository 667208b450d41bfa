import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  imageOrderInput,
  imageRemoved,
  imageUpload,
  MAX_IMAGE_BYTES,
  productImage,
  productImageList,
  productImageParams,
} from '../product-images.ts';

/**
 * A product's uploaded images, a part of the endpoint table (src/contract/endpoints.ts composes
 * every part). They are served outside the API, at /media/{id}-{width}.{webp|jpg}.
 */
export const imagesEndpoints = {
  listToolImages: endpoint({
    method: 'GET',
    path: '/api/tools/:id/images',
    access: 'admin',
    tag: 'catalog',
    summary: "A product's uploaded images in order; the first is its picture",
    params: idParams,
    response: productImageList,
  }),
  addToolImage: endpoint({
    method: 'POST',
    path: '/api/tools/:id/images',
    access: 'admin',
    tag: 'catalog',
    summary:
      'Upload an image (multipart, the field `file`): JPEG, PNG or WebP, read from its bytes whatever its name or type says, at most 10 MB (413) and 50 megapixels. 400 for an empty file, one that is not an image, an SVG or a bigger one. It goes last; the first image is the product’s picture',
    params: idParams,
    body: imageUpload,
    multipart: { maxBytes: MAX_IMAGE_BYTES },
    status: 201,
    response: productImage,
  }),
  removeToolImage: endpoint({
    method: 'DELETE',
    path: '/api/tools/:id/images/:imageId',
    access: 'admin',
    tag: 'catalog',
    summary:
      "Remove an image; the product's picture becomes the next one's, or stays the last one's link when none is left",
    params: productImageParams,
    response: imageRemoved,
  }),
  orderToolImages: endpoint({
    method: 'PUT',
    path: '/api/tools/:id/images/order',
    access: 'admin',
    tag: 'catalog',
    summary:
      "Set the images' order: `imageIds` lists every image of the product once (400 otherwise); the first is its picture",
    params: idParams,
    body: imageOrderInput,
    response: productImageList,
  }),
} as const;
