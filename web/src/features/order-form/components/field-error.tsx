// A field's error, written under it (docs/features.md "The buyer's path"). The field names it in aria-describedby and
// gets aria-invalid; focus moving to the field is what makes a screen reader read it.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-rose-700">
      {message}
    </p>
  );
}
