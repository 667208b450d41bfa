/**
 * JSON that is safe inside an HTML <script> element: no `<`, `>` or `&` (so no `</script>` or
 * `<!--` can end or bend the element) and no U+2028/U+2029. `JSON.parse` reads it back as is.
 */
export function scriptJson(value: unknown) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
