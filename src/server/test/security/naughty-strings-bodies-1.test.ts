// The Big List of Naughty Strings in request bodies, part 1 of 2 (naughty-run.ts says why
// the run is split; naughty-strings.test.ts has the rest and the header on what is checked).
// By default each naughty string goes into one field per endpoint, rotating so that every field
// gets its share; sign-up and sign-in, which hash a password each time, get one string in eight.
// BLNS_FULL=1 sends every naughty string into every field.
import { naughtyBodies } from "./naughty-bodies";

naughtyBodies(1, 2);
