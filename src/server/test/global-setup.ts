import { createTemplate } from "./test-database";

export default async function setup() {
  await createTemplate();
}
