/** Help texts of the `addon-studio` command and its subcommands. */

export const ROOT_USAGE = `Usage: addon-studio <command> [options]

Build, check and convert bodies for the classifieds open platform (v2).

Commands:
  studio [--port <n>] [--host <address>] [--emulator-port <n>] [--data-dir <folder>]
                                    open the studio: editor, proxy and a local emulator
  validate [--kind <kind>] [--format text|json|github] <files, folders, globs or ->
                                    check bodies against the v2 contract
  migrate [--kind post|user] <file|->
                                    convert a v1 body to v2 (v2 JSON on stdout, report on stderr)
  schema --kind <kind>              print the JSON Schema of a body kind
  store copy [--data-dir <folder>] [--to <postgres-url>]
                                    move the embedded store's data to PostgreSQL

Kinds: post (post add-on), user (user add-on), semantic (user semantic, route by phone),
       semantic-by-id (user semantic, route by divar_user_id: phone in the body),
       chat (chat message), subscription (event subscription request), event (delivered event)

Options:
  -h, --help      show help (also: addon-studio <command> --help)
  -v, --version   print the version

Exit codes: 0 success, 1 invalid body (validate), unrecognised body (migrate), could not
start (studio) or could not copy (store copy), 2 usage error, unreadable file or input that
is not JSON (or nested over 1000 levels), 3 internal error (a bug: please report it).`;

export const VALIDATE_USAGE = `Usage: addon-studio validate [--kind <kind>] [--format text|json|github] <file|folder|glob|->...

Checks bodies against the platform's v2 contract: files, folders (every *.json inside,
recursively, skipping node_modules and hidden folders), quoted globs ("addons/**/*.json"),
or - for stdin. Every file is checked, even after one that cannot be read.

Prints one line per problem: "<file>:<line>:<column>: <json path>: <message>"; warnings
show "warning " before the path. A summary line goes to stderr.

Options:
  -k, --kind <kind>      post, user, semantic, semantic-by-id, chat, subscription or event.
                         Without it, each file's kind is read from its fields (event_type,
                         or the old endpoint: subscription; type and a payload, also an old
                         one: event; message, or the old user_id, peer_id, sender_btn: chat;
                         widgets with categories, ticket_uuid or cost: user; widgets with
                         notes, or widgets alone (and semantic): post, which checks those
                         fields as the user add-on does; semantic with phone: semantic-by-id;
                         semantic alone: semantic); a file whose fields do not say is not
                         checked (exit 2)
  -f, --format <format>  text (default); json (one result per file, with read errors, on
                         stdout); github (GitHub Actions annotations with file and line)
  -h, --help             show this help

Exit codes: 0 every file valid (warnings may be printed), 1 a file is invalid, 2 a file
could not be checked (unreadable, not JSON, kind unknown) or a usage error,
3 internal error (a bug: please report it).

Examples:
  addon-studio validate --kind post addon.json
  addon-studio validate --kind post addons/
  addon-studio validate --format github "addons/**/*.json"
  cat message.json | addon-studio validate --kind chat -`;

export const STUDIO_USAGE = `Usage: addon-studio studio [--port <n>] [--host <address>] [--emulator-port <n>]
                            [--data-dir <folder>]

Starts the studio from the installed package: the editor and its proxy on one address, and,
when no platform is configured, a local emulator of the platform on another. Prints both
addresses; Ctrl+C stops it.

Options:
  -p, --port <n>           the studio's port (default: PORT, else 8787)
      --host <address>     interface to listen on (default: HOST, else 127.0.0.1; 0.0.0.0 serves
                           other machines)
      --emulator-port <n>  the emulator's port (default: EMULATOR_PORT, else 8788); it must
                           differ from the studio's port
      --data-dir <folder>  where history and received events are kept (default: DATA_DIR, else
                           .addon-studio in the working directory; DATABASE_URL uses PostgreSQL)
  -h, --help               show this help

Environment: every variable of docs/server.md (PLATFORM_API_URL, APP_SLUG, SESSION_SECRET,
PUBLIC_URL, ...) works as with npm start; options win over PORT, HOST, EMULATOR_PORT and DATA_DIR.

Exit codes: 0 stopped with Ctrl+C, 1 could not start (a port in use, a configuration error),
2 usage error.`;

export const MIGRATE_USAGE = `Usage: addon-studio migrate [--kind post|user] <file|->

Converts a v1 body to v2: a post or user add-on (widgets.widget_list), an old user
verification body (to user semantic), an old chat send body (user_id, peer_id, sender_btn...)
or the deprecated chat-read registration (post_token, endpoint, identification_key; to an
event subscription). A body that is already v2 is printed unchanged.

The v2 body goes to stdout as JSON; the report goes to stderr, one line per change:
"<path in the input>: renamed|moved|dropped|converted|unconvertible: <message>".
Problems that remain in the converted body are listed after the report.

Options:
  -k, --kind <kind>  post or user: which add-on a body with widgets is, when it does not say
                     (default: user when it has verification_cost, phone, management_permalink,
                     ticket_uuid, cost or categories; post otherwise)
  -h, --help         show this help

Exit codes: 0 converted (or already v2), 1 neither a v1 nor a v2 body, 2 usage error,
unreadable file or not JSON, 3 internal error (a bug: please report it).

Example:
  addon-studio migrate old-addon.json > addon.json`;

export const SCHEMA_USAGE = `Usage: addon-studio schema --kind post|user|semantic|semantic-by-id|chat|subscription|event

Prints the JSON Schema (draft 2020-12) of a v2 body kind, derived from the same zod schemas
the studio validates with. Text limits are maxLength in Unicode code points, as the platform
counts. Rules JSON Schema cannot state (at most 9 chat buttons per side, unknown icon names
as warnings, semantic value hints) are checked only by "addon-studio validate".

Options:
  -k, --kind <kind>  post, user, semantic, semantic-by-id, chat, subscription or event (required)
  -h, --help         show this help

Example:
  addon-studio schema --kind post > post-addon.schema.json`;

export const STORE_USAGE = `Usage: addon-studio store copy [--data-dir <folder>] [--to <postgres-url>]

Copies the embedded store (publish history, received events, sign-outs, held subscriptions) into
an empty PostgreSQL database, keeping every id, in one transaction; the folder is left as it was.
Stop the studio that uses the folder first. Then start the studio with DATABASE_URL set to the
same URL.

Options:
      --data-dir <folder>  the embedded store to read (default: DATA_DIR, else .addon-studio)
      --to <url>           postgres://user:password@host:5432/database (default: DATABASE_URL)
  -h, --help               show this help

Exit codes: 0 copied, 1 could not copy (folder in use or without a store, database not empty or
not reachable), 2 usage error.`;
