// No imports: the raffle page shows it on first load, where no validation library may come along.
/** A raffle's hold time as people say it: "30 minutos", "2 horas", "1 hora y 30 minutos", "2 días". */
export function holdTimeText(minutes: number): string {
  const unit = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (minutes < 60) return unit(minutes, 'minuto', 'minutos');
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'día', 'días');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? unit(hours, 'hora', 'horas')
    : `${unit(hours, 'hora', 'horas')} y ${unit(rest, 'minuto', 'minutos')}`;
}
