import { useRef } from "react";
import { ACTION_KINDS, ACTION_LABELS, type ActionKind } from "../../../platform/actions";
import { fieldOf, isRecord } from "../../../platform/json";
import type { PathSegment, Problem } from "../../../platform/problems";
import { fieldId } from "../../store/selectors";
import { describedBy, FieldProblems, FieldShell, helpId } from "../../ui/field-shell";
import { TextControl } from "../../ui/text-control";
import { useForm } from "../form-context";
import { MapEditor } from "../map-editor";
import { type ControlProps, hasError, shellOf } from "./control";

/** An action: its kind, then that kind's payload fields. */
export function ActionField(p: ControlProps<"action">) {
  return <ActionEditor {...shellOf(p)} path={p.path} value={p.value} />;
}

function ActionEditor(props: {
  id: string;
  label: string;
  required: boolean;
  path: readonly PathSegment[];
  value: unknown;
  problems: readonly Problem[];
}) {
  const form = useForm();
  const action = isRecord(props.value) ? props.value : undefined;
  const kind = action ? ACTION_KINDS.find((k) => action[k] !== undefined) : undefined;
  const path = props.path;
  // What each kind held before the user switched away from it, per action field, so trying
  // another kind and coming back restores the URL, data or post token typed earlier.
  const remembered = useRef(new Map<string, unknown>());

  function choose(next: ActionKind | "") {
    const memory = remembered.current;
    if (kind && action) memory.set(`${props.id}|${kind}`, action[kind]);
    if (next === "") {
      form.set(path, undefined);
      return;
    }
    const current = kind && action ? action[kind] : undefined;
    const payload =
      memory.get(`${props.id}|${next}`) ??
      // The two data kinds share their payload shape, as do the two post-page kinds: carry it over.
      (isRecord(current) && sameShape(kind, next) ? current : undefined) ??
      (next === "open_direct_link"
        ? "https://"
        : next === "open_server_link" || next === "get_dynamic_action"
          ? { data: {} }
          : { post_token: form.postToken ?? "" });
    form.set(path, { [next]: payload });
  }

  const subPath = kind ? [...path, kind] : path;
  const abs = (p: readonly PathSegment[]) => [...form.prefix, ...p];
  return (
    <fieldset className="group action-editor">
      <legend>{props.label}</legend>
      <div className="field">
        <label className="field-label" htmlFor={props.id}>
          Kind
        </label>
        <select
          id={props.id}
          className="input"
          value={kind ?? ""}
          aria-describedby={describedBy(props.id, kind !== undefined, props.problems)}
          onChange={(e) => choose(ACTION_KINDS.find((k) => k === e.target.value) ?? "")}
        >
          {props.required ? null : <option value="">No action</option>}
          {props.required && !kind ? <option value="">Choose an action…</option> : null}
          {ACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {ACTION_LABELS[k]}
            </option>
          ))}
        </select>
        {/* Short option labels fit a narrow inspector; what the kind does and its JSON name go here. */}
        {kind ? (
          <p className="field-help" id={helpId(props.id)}>
            {ACTION_HELP[kind]} <code>{kind}</code>
          </p>
        ) : null}
        <FieldProblems id={props.id} problems={props.problems} label="Action" />
      </div>
      {kind === "open_direct_link" ? (
        <FieldShell
          id={fieldId(abs(subPath))}
          label="Address (URL)"
          required
          problems={form.problemsAt(abs(subPath))}
        >
          <TextControl
            id={fieldId(abs(subPath))}
            value={typeof action?.[kind] === "string" ? String(action[kind]) : ""}
            dir="ltr"
            placeholder="https://example.com/page"
            invalid={hasError(form.problemsAt(abs(subPath)))}
            onChange={(s) => form.set(subPath, s, true)}
            onBlur={form.endTyping}
          />
        </FieldShell>
      ) : null}
      {kind === "open_server_link" || kind === "get_dynamic_action" ? (
        <MapEditor
          label="Data sent to the app"
          path={[...subPath, "data"]}
          value={fieldOf(action?.[kind], "data")}
          keyLabel="Key"
          valueLabel="Value"
          removeWhenEmpty={false}
        />
      ) : null}
      {kind === "open_post_page" || kind === "open_post_manage_page" ? (
        <PostTokenField path={[...subPath, "post_token"]} value={action?.[kind]} />
      ) : null}
    </fieldset>
  );
}

/** What each action kind does when pressed, under the kind select. */
const ACTION_HELP: Record<ActionKind, string> = {
  open_direct_link: "Opens the address in the app's browser.",
  open_server_link: "Asks your app's start address (with the data below), which answers the address to open.",
  get_dynamic_action: "Asks your app, which answers the action to take.",
  open_post_page: "Opens a post's page.",
  open_post_manage_page: "Opens a post's manage page (for its owner).",
};

const DATA_KINDS: readonly string[] = ["open_server_link", "get_dynamic_action"];
const POST_KINDS: readonly string[] = ["open_post_page", "open_post_manage_page"];

/** True when actions of kinds `a` and `b` carry the same payload fields. */
function sameShape(a: ActionKind | undefined, b: ActionKind): boolean {
  if (!a) return false;
  return (
    (DATA_KINDS.includes(a) && DATA_KINDS.includes(b)) || (POST_KINDS.includes(a) && POST_KINDS.includes(b))
  );
}

function PostTokenField(props: { path: readonly PathSegment[]; value: unknown }) {
  const form = useForm();
  const abs = [...form.prefix, ...props.path];
  const id = fieldId(abs);
  const token =
    isRecord(props.value) && typeof props.value.post_token === "string" ? props.value.post_token : "";
  const problems = form.problemsAt(abs);
  return (
    <FieldShell
      id={id}
      label="Post token"
      required
      problems={problems}
      extra={
        form.postToken && form.postToken !== token ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              form.set(props.path, form.postToken);
              // The button goes once the token is the same: focus goes to the box it filled in.
              document.getElementById(id)?.focus();
            }}
          >
            Use {form.postToken}
          </button>
        ) : null
      }
    >
      <TextControl
        id={id}
        value={token}
        dir="ltr"
        placeholder="e.g. gZx7yK3a"
        invalid={hasError(problems)}
        describedBy={describedBy(id, false, problems)}
        onChange={(s) => form.set(props.path, s, true)}
        onBlur={form.endTyping}
      />
    </FieldShell>
  );
}
