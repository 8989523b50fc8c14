/**
 * @module The one check before any install write, rename or delete (SPEC §15): core's `checkedWritePath`
 * (`@skillset/core/state`), with the installer's own codes (`install-link-outside`, `install-unsafe-path`).
 */
import { checkedWritePath as checkedWrite } from "@skillset/core/state";

/** The error code of a link that leads a write out of its root; the message names the link and the fix. */
export const LINK_OUTSIDE_CODE = "install-link-outside";

const INSTALL_CODES = { linkOutside: LINK_OUTSIDE_CODE, outsideRoots: "install-unsafe-path" } as const;

/** See core's `checkedWritePath`: the same check, refusals with the installer's codes. */
export function checkedWritePath(
  path: string,
  roots: readonly string[],
  options: { replacesLeaf?: boolean } = {},
): string {
  return checkedWrite(path, roots, { ...options, codes: INSTALL_CODES });
}
