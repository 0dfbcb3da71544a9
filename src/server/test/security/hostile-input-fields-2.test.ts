// Hostile values in each field, part 2 of 2 (hostile-fields.ts says why the run is split;
// hostile-input.test.ts has the rest and the header on what is checked).
import { hostileFieldsShard } from "./hostile-fields";

hostileFieldsShard(1, 2);
