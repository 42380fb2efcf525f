import { screen, within } from "@testing-library/react";

/** Queries inside the studio's Inspector region. */
export function inspector() {
  return within(screen.getByRole("region", { name: "Inspector" }));
}
