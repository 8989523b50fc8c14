// Public surface of the state stage (filled in as the stage is built).
export {};
