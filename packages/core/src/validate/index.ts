// Public surface of the validate stage (filled in as the stage is built).
export {};
