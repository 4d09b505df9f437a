/**
 * A centered loader filling the viewport (or its container with `inline`), so nothing jumps when content arrives.
 * Plain CSS (app/global.css .page-spinner): it is the fallback of the first screen's lazy pages, kept light.
 */
export function FullPageSpin({ description, inline = false }: { description?: string; inline?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        minHeight: inline ? 320 : '100vh',
        width: '100%',
      }}
      role="status"
      aria-live="polite"
      aria-label={description ? undefined : 'Loading'}
    >
      <div className="page-spinner" aria-hidden />
      {description && <div style={{ color: 'rgba(0, 0, 0, 0.65)', fontSize: 14 }}>{description}</div>}
    </div>
  );
}
