import { formatPath, type Problem } from "../../platform/problems";
import { useEditorStoreApi } from "../store/editor-store-context";
import { fieldId } from "../store/selectors";
import { FieldProblems } from "../ui/field-shell";
import { renderNow } from "../ui/render-now";
import { NONE } from "./inspector-shared";

/** The add-on's categories: a list of texts. */
export function CategoriesEditor(props: { value: unknown; problems: Map<string, Problem[]> }) {
  const api = useEditorStoreApi();
  const list = Array.isArray(props.value) ? props.value : [];
  const set = (v: unknown, typing?: boolean) => api.getState().setDocumentField(["categories"], v, typing);
  return (
    <fieldset className="group" id={fieldId(["categories"])} tabIndex={-1}>
      <legend>Categories</legend>
      <FieldProblems
        id={fieldId(["categories"])}
        problems={props.problems.get("categories") ?? NONE}
        label="Categories"
      />
      <ul className="map-rows">
        {list.map((c, i) => {
          const id = fieldId(["categories", i]);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: category strings have no identity besides position
            <li key={i} className="map-row">
              <div className="map-cell">
                <label className="field-label" htmlFor={id}>
                  Category {i + 1}
                </label>
                <input
                  id={id}
                  className="input"
                  dir="ltr"
                  value={typeof c === "string" ? c : JSON.stringify(c)}
                  onChange={(e) =>
                    set(
                      list.map((x, j) => (j === i ? e.target.value : x)),
                      true,
                    )
                  }
                  onBlur={() => api.getState().endTyping()}
                />
              </div>
              <div className="map-actions">
                <button
                  type="button"
                  className="icon-button is-danger"
                  aria-label={`Remove category ${i + 1}`}
                  onClick={() => {
                    renderNow(() => set(list.filter((_, j) => j !== i)));
                    focusCategoryAfterRemoval(i);
                  }}
                >
                  ✕
                </button>
              </div>
              <div className="map-row-problems">
                <FieldProblems id={id} problems={props.problems.get(formatPath(["categories", i])) ?? NONE} />
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button"
        id="categories:add"
        onClick={() => {
          renderNow(() => set([...list, ""]));
          document.getElementById(fieldId(["categories", list.length]))?.focus();
        }}
      >
        Add category
      </button>
    </fieldset>
  );
}

/** After a category is removed: focus the one that took its place, the one before, or Add category. */
function focusCategoryAfterRemoval(i: number) {
  const target =
    document.getElementById(fieldId(["categories", i])) ??
    document.getElementById(fieldId(["categories", i - 1])) ??
    document.getElementById("categories:add");
  target?.focus();
}
