/** Vite's `?worker` import: the module bundled as a worker of its own, and a constructor starting it. */
declare module '*?worker' {
  const WorkerConstructor: new (options?: { name?: string }) => Worker;
  export default WorkerConstructor;
}
