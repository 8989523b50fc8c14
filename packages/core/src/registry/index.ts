export type { Lookup, RegistryEntry, SkillStatus } from "./registry-types.js";
