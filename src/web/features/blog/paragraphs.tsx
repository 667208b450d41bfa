export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`flex flex-col gap-3 ${className ?? ''}`}>
      {text.split('\n\n').map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
