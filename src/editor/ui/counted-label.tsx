/**
 * A tab's word with a badge for the eye, named in words for a screen reader ("Problems, 2 errors").
 * The whole name is one hidden text, the word and badge hidden from it: a word followed by a hidden
 * span reads "Problems , 2 errors" in Chrome (it parts the absolutely placed span with a space).
 * Without `said`, the word alone; without `badge`, no badge.
 */
export function CountedLabel(props: {
  word: string;
  said: string;
  badge?: { text: string; className: string };
}) {
  const { word, said, badge } = props;
  if (!said) return word;
  return (
    <>
      <span aria-hidden="true">{word}</span>
      {badge ? (
        <span className={`badge ${badge.className}`} aria-hidden="true">
          {badge.text}
        </span>
      ) : null}
      <span className="visually-hidden">{`${word}, ${said}`}</span>
    </>
  );
}
