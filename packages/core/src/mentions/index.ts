// Public surface of the mentions stage (filled in as the stage is built).
export {};
