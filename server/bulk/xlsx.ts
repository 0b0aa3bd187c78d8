// SheetJS is about 1 MB of JavaScript: loading it costs ~40 ms and ~12 MB of memory, which every start-up of
// every server would pay for a tab an admin opens now and then. It is loaded when a workbook is first read or
// written instead, once per process.
let loading: Promise<typeof import('@e965/xlsx')> | undefined;

export function loadXlsx(): Promise<typeof import('@e965/xlsx')> {
  loading ??= import('@e965/xlsx');
  return loading;
}
