// Public surface of the catalog stage (filled in as the stage is built).
export {};
