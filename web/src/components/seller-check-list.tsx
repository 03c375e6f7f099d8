type Option = { id: string; label: string; hint?: string };

/**
 * A list of labelled checkboxes (vendedores of a raffle, raffles of a vendedor): whole rows are
 * the tap target, 44 px high.
 */
export function SellerCheckList({
  options,
  value,
  onChange,
  legend,
  empty,
  disabled,
}: {
  options: Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  legend: string;
  empty: string;
  disabled?: boolean;
}) {
  const chosen = new Set(value);
  const toggle = (id: string) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);
  return (
    <fieldset className="grid gap-1" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-zinc-900">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-zinc-500">{empty}</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {options.map((o) => (
            <li key={o.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-zinc-200 px-3 py-2 hover:bg-zinc-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={chosen.has(o.id)}
                  onChange={() => toggle(o.id)}
                />
                <span className="grid min-w-0">
                  <span className="truncate text-sm text-zinc-900">{o.label}</span>
                  {o.hint && <span className="truncate text-xs text-zinc-500">{o.hint}</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
