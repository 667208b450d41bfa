/** A list that failed to load shows the error's own message in red under the section. */
export function SectionError({ error }: { error: Error }) {
  return (
    <p role="alert" className="mt-4 text-center text-error">
      {error.message}
    </p>
  );
}
