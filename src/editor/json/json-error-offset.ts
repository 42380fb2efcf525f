/**
 * The character offset where JSON text stops being valid, found by a small scanner. Engines word
 * JSON.parse errors differently (some give no position at all), so the editor finds it itself.
 * Returns -1 when the text is valid.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text.charAt(i) !== ch) fail();
      i++;
    }
  };
  const string = () => {
    if (text.charAt(i) !== '"') fail();
    i++;
    while (i < text.length) {
      const ch = text.charAt(i);
      if (ch === '"') {
        i++;
        return;
      }
      if (ch === "\\") {
        i++;
        const e = text.charAt(i);
        if (e === "u") {
          for (let k = 1; k <= 4; k++)
            if (!/[0-9a-fA-F]/.test(text.charAt(i + k))) {
              i += k;
              fail();
            }
          i += 5;
        } else if ('"\\/bfnrt'.includes(e) && e !== "") i++;
        else fail();
      } else if (ch < " ") fail();
      else i++;
    }
    fail();
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === "" || m[0] === "-") fail();
    i += m ? m[0].length : 0;
  };
  const value = (): void => {
    ws();
    const ch = text.charAt(i);
    if (ch === "{") {
      i++;
      ws();
      if (text.charAt(i) === "}") {
        i++;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        if (text.charAt(i) !== ":") fail();
        i++;
        value();
        ws();
        if (text.charAt(i) === ",") i++;
        else if (text.charAt(i) === "}") {
          i++;
          return;
        } else fail();
      }
    }
    if (ch === "[") {
      i++;
      ws();
      if (text.charAt(i) === "]") {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text.charAt(i) === ",") i++;
        else if (text.charAt(i) === "]") {
          i++;
          return;
        } else fail();
      }
    }
    if (ch === '"') string();
    else if (ch === "t") literal("true");
    else if (ch === "f") literal("false");
    else if (ch === "n") literal("null");
    else number();
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return typeof at === "number" ? at : 0;
  }
}
