/** Help texts of the `addon-studio` command and its subcommands. */

export const ROOT_USAGE = `Usage: addon-studio <command> [options]

Build, check and convert bodies for the classifieds open platform (v2).

Commands:
  validate --kind <kind> <file|->   check a body against the v2 contract
  migrate [--kind post|user] <file|->
                                    convert a v1 body to v2 (v2 JSON on stdout, report on stderr)
  schema --kind <kind>              print the JSON Schema of a body kind

Kinds: post (post add-on), user (user add-on), semantic (user semantic, route by phone),
       semantic-by-id (user semantic, route by divar_user_id: phone in the body),
       chat (chat message), subscription (event subscription request), event (delivered event)

Options:
  -h, --help   show help (also: addon-studio <command> --help)

Exit codes: 0 success, 1 invalid body (validate) or unrecognised body (migrate),
2 usage error, unreadable file or input that is not JSON (or nested over 1000 levels),
3 internal error (a bug: please report it).`;

export const VALIDATE_USAGE = `Usage: addon-studio validate --kind post|user|semantic|semantic-by-id|chat|subscription|event [--format text|json] <file|->

Checks a body against the platform's v2 contract. Use - to read the body from stdin.

Prints one line per problem: "<json path>: <message>"; warnings start with "warning ".
A summary line goes to stderr.

Options:
  -k, --kind <kind>      post, user, semantic, semantic-by-id, chat, subscription or event (required)
  -f, --format <format>  text (default) or json ({ok, errors, warnings} on stdout)
  -h, --help             show this help

Exit codes: 0 valid (warnings may be printed), 1 invalid, 2 usage error, unreadable file or not JSON.
3 internal error (a bug: please report it).

Example:
  addon-studio validate --kind post addon.json
  cat message.json | addon-studio validate --kind chat -`;

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
