/** The palette's drawing of button_bar (64×36, right-to-left like the preview). */
export function ButtonBarThumbnail() {
  return (
    <>
      <rect x="6" y="10" width="52" height="16" rx="4" fill="var(--accent)" />
      <rect x="20" y="16.5" width="24" height="3" rx="1.5" fill="#fff" />
    </>
  );
}
