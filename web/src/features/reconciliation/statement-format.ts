/** "2026-11-03" as the bank prints it: "03/11/2026". */
export const statementDay = (day: string) => day.split('-').reverse().join('/');
