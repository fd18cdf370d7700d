/**
 * A block of code that wraps instead of scrolling sideways: nothing on the page may push past the
 * viewport on a phone, and a wrapped shell command is still copy-pasteable.
 */
export function CodeBlock({ code }: { code: string }) {
  return (
    <pre className="whitespace-pre-wrap rounded-lg bg-slate-900 p-3 font-mono text-[0.72rem] leading-relaxed sm:p-4 sm:text-[0.8rem] text-slate-100 [overflow-wrap:anywhere]">
      <code>{code}</code>
    </pre>
  );
}
