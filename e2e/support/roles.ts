import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Role } from "../../src/shared/permissions";
import { workerSite } from "./account-pool";

/**
 * Sets a role as `npm run role` does while the server runs: through the control endpoint with
 * the token the server wrote to $DATA_DIR/control.json (see docs/decisions/005).
 */
export async function setRole(email: string, role: Role): Promise<void> {
  const { dataDir } = workerSite();
  const control = JSON.parse(await readFile(path.join(dataDir, "control.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const response = await fetch(`${control.url}/api/control/role`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
    body: JSON.stringify({ email, role }),
  });
  if (!response.ok) throw new Error(`setRole failed: ${response.status} ${await response.text()}`);
}
