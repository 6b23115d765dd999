// One request, one answer, to a module worker: call(message, transfer, onRow) posts
// { id, ...message } and resolves with the worker's { id, ... } answer, or rejects with an Error of
// its `error`, or when the worker cannot start (it is then made again on the next call). A worker
// that answers in parts posts { id, row } for each before its answer: onRow(row) gets them.

/** A function that asks the worker `make()` starts (on first use). */
export function workerCall(make) {
  let worker = null;
  let jobs = 0;
  return (message, transfer = [], onRow = null) => {
    worker ??= make();
    const w = worker;
    const id = ++jobs;
    return new Promise((resolve, reject) => {
      const done = () => {
        w.removeEventListener('message', onMessage);
        w.removeEventListener('error', onError);
      };
      const onMessage = ({ data }) => {
        if (data.id !== id) return;
        if (data.row !== undefined && onRow) return onRow(data.row);
        done();
        if (data.error) reject(new Error(data.error));
        else resolve(data);
      };
      const onError = (e) => {
        done();
        if (worker === w) worker = null;
        reject(new Error(e.message || 'a worker could not start'));
      };
      w.addEventListener('message', onMessage);
      w.addEventListener('error', onError);
      w.postMessage({ id, ...message }, transfer);
    });
  };
}
