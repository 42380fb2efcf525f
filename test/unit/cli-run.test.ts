import { describe, expect, it } from "vitest";
import { cli } from "../helpers/cli";

describe("command line parsing", () => {
  it("--help on every command prints its usage and exits 0", async () => {
    for (const [cmd, head] of [
      ["validate", /^Usage: addon-studio validate \[--kind/],
      ["studio", /^Usage: addon-studio studio \[--port/],
      ["migrate", /^Usage: addon-studio migrate/],
      ["schema", /^Usage: addon-studio schema --kind/],
    ] as const) {
      const r = await cli([cmd, "--help"]);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(head);
    }
    expect((await cli(["-h"])).out).toMatch(/^Usage: addon-studio <command>/);
  });

  it("every help fits an 100-column terminal", async () => {
    for (const cmd of [[], ["validate"], ["studio"], ["migrate"], ["schema"], ["store", "copy"]]) {
      const help = (await cli([...cmd, "--help"])).out;
      expect(
        help.split("\n").filter((l) => l.length > 100),
        cmd.join(" ") || "root",
      ).toEqual([]);
    }
  });

  it("the root help shows store copy's options as optional, as store copy --help does", async () => {
    const root = (await cli(["--help"])).out;
    const own = (await cli(["store", "copy", "--help"])).out;
    expect(own).toMatch(/^Usage: addon-studio store copy \[--data-dir <folder>\] \[--to <postgres-url>\]$/m);
    expect(root).toMatch(/^ {2}store copy \[--data-dir <folder>\] \[--to <postgres-url>\]$/m);
  });

  it("studio with --port equal to --emulator-port is a usage error saying the two ports must differ", async () => {
    const r = await cli(["studio", "--port", "5722", "--emulator-port", "5722"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^addon-studio: --port and --emulator-port are both 5722: the studio and its emulator need two different ports; change one of them\n/,
    );
    expect(r.err).not.toMatch(/already in use/);
    expect(r.out).toBe("");
  });

  it("no command, an unknown option or a bad kind -> exit 2 with usage on stderr", async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /no command given/],
      [["--verbose"], /unknown option --verbose/],
      [
        ["validate", "--kind", "post", "--strict", "a.json"],
        /unknown option --strict: this command takes --help, --kind, --format/,
      ],
      [["validate", "--frmat", "json", "a.json"], /unknown option --frmat: did you mean --format\?/],
      [["studio", "--port"], /--port needs a value: write it after the option \(--port <value>\)/],
      [["validate", "--kind", "addon", "a.json"], /unknown kind "addon"/],
      [["validate", "--kind", "post"], /give files, folders or globs to check, or - for stdin/],
      [
        ["validate", "--kind", "post", "--format", "xml", "a.json"],
        /unknown format "xml": use text, json or github/,
      ],
      [["studio", "--port", "http"], /--port must be a port number from 1 to 65535/],
      [["studio", "--kind", "post"], /--kind is not an option of this command: it takes --help, --port/],
      [["migrate", "a.json", "b.json"], /one file at a time/],
      [["migrate", "--kind", "chat", "-"], /use one of post, user/],
      [["schema", "--kind", "post", "--format", "json"], /--format is not an option of this command/],
      // An unset variable in quotes (`validate "$ADDONS"`): said so, not "cannot read : no such file".
      [["validate", "--kind", "post", ""], /an argument is empty \(an unset variable in quotes/],
      [["validate", "a.json", " "], /an argument is empty/],
      [["migrate", ""], /an argument is empty/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/Usage: addon-studio/);
      expect(r.out).toBe("");
    }
    // A subcommand's mistake shows its synopsis and where its help is, not a page of options that
    // buries the message; the command itself lists its commands.
    const bad = await cli(["validate", "--kind", "post", "--format", "xml", "a.json"]);
    expect(bad.err).toContain('Run "addon-studio validate --help" for its options.');
    expect(bad.err).not.toMatch(/Exit codes/);
    expect((await cli(["lint"])).err).toMatch(/Commands:[\s\S]*validate/);
  });

  it("a misspelt command, a file given without a command or a command's option given first: what to write instead", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["valdiate", "addons/"], /^addon-studio: unknown command "valdiate": did you mean "validate"\?\n/],
      [["studo"], /^addon-studio: unknown command "studo": did you mean "studio"\?\n/],
      [["--versoin"], /^addon-studio: unknown option --versoin: did you mean --version\?\n/],
      [
        ["addons/car.json"],
        /^addon-studio: unknown command "addons\/car.json": to check it, run addon-studio validate addons\/car.json\n/,
      ],
      [
        ["--port", "9000"],
        /^addon-studio: --port is an option of a command: addon-studio studio --port <n>\n/,
      ],
      [
        ["--kind", "post", "a.json"],
        /^addon-studio: --kind is an option of a command: addon-studio validate --kind <kind>\n/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err, args.join(" ")).toMatch(message);
      expect(r.err).toMatch(/Usage: addon-studio <command>/);
    }
  });

  it("validate --help says how a body with only widgets is checked, as validate does", async () => {
    const help = (await cli(["validate", "--help"])).out.replace(/\s+/g, " ");
    expect(help).toContain("widgets alone (and semantic): post");
    const r = await cli(["validate", "-"], JSON.stringify({ widgets: [{ title_row: { text: "x" } }] }));
    expect(r.code).toBe(0);
    expect(r.err).toBe("stdin: valid post body\n");
  });

  it("validate --format json prints the result as JSON", async () => {
    const r = await cli(
      ["validate", "--kind", "chat", "--format", "json", "-"],
      JSON.stringify({ message: "" }),
    );
    expect(r.code).toBe(1);
    const parsed = JSON.parse(r.out);
    expect(parsed.ok).toBe(false);
    expect(parsed.files).toHaveLength(1);
    expect(parsed.files[0]).toMatchObject({ file: "stdin", kind: "chat", ok: false });
    expect(parsed.files[0].errors[0]).toMatchObject({ at: "message", severity: "error", line: 1, column: 2 });
  });

  it("validate lists a file's problems in the file's order, not the schema's", async () => {
    // The schema checks title_row's text before has_divider; the file writes them the other way.
    const r = await cli(
      ["validate", "--kind", "post", "-"],
      '{"widgets": [{"title_row": {"has_divider": "no", "text": 5}}]}',
    );
    expect(r.code).toBe(1);
    const located = r.out.split("\n").filter((l) => l.startsWith("stdin:1:"));
    expect(located.map((l) => l.split(": ")[1])).toEqual([
      "widgets[0].title_row.has_divider",
      "widgets[0].title_row.text",
    ]);
  });

  it("empty input and a byte order mark", async () => {
    const empty = await cli(["validate", "--kind", "post", "-"], "  \n");
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/stdin is empty/);
    const bom = await cli(
      ["validate", "--kind", "semantic", "-"],
      `\uFEFF${JSON.stringify({ semantic: {} })}`,
    );
    expect(bom.code).toBe(0);
  });

  it("migrate of a v2 body prints it unchanged and says so", async () => {
    const body = { widgets: [{ title_row: { text: "الف" } }] };
    const r = await cli(["migrate", "-"], JSON.stringify(body));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(body);
    expect(r.err).toMatch(/already a v2 post body/);
  });

  it("migrate lists what is left to fix in the converted body", async () => {
    const v1 = { widgets: { widget_list: [{ widget_type: "TITLE_ROW", data: { text: "ب".repeat(60) } }] } };
    const r = await cli(["migrate", "-"], JSON.stringify(v1));
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /still has 1 problem to fix by hand:\nwidgets\[0\]\.title_row\.text: is 60 characters long/,
    );
  });

  it("migrate keeps a typo'd widget kind and names it, as validate does", async () => {
    const body = { widgets: [{ title_rows: { text: "سلام" } }] };
    const r = await cli(["migrate", "-"], JSON.stringify(body));
    expect(JSON.parse(r.out)).toEqual(body);
    expect(r.err).toMatch(/widgets\[0\]\.title_rows: is not a v2 widget: did you mean title_row\?/);
    const v = await cli(["validate", "--kind", "post", "-"], JSON.stringify(body));
    expect(v.code).toBe(1);
    expect(v.out + v.err).toMatch(/widgets\[0\]\.title_rows: is not a v2 widget: did you mean title_row\?/);
  });

  it("migrate of a chat-read registration prints the subscription", async () => {
    const r = await cli(
      ["migrate", "-"],
      JSON.stringify({ post_token: "gZx7yK3a", endpoint: "https://a.ir/hook", identification_key: "k" }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ event_type: "NEW_MESSAGE_ON_POST", event_resource_id: "gZx7yK3a" });
    expect(r.err).toMatch(/^endpoint: dropped: .*developer panel/m);
  });
});
