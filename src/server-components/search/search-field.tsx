// A search field in the manner of NL Design System's form field: label, hint, then (when the search
// could not be read) the error message, then the input. Hint and error describe the input
// (aria-describedby), so a screen reader reads them with it; the error also marks it invalid.

export const SearchField = ({
  id,
  name,
  label,
  hint,
  error = null,
  defaultValue = '',
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  error?: string | null;
  defaultValue?: string;
}) => (
  <div className="search-form__label">
    <label htmlFor={id}>{label}</label>
    <p id={`${id}-hint`} className="search-form__hint">
      {hint}
    </p>
    {error ? (
      <p id={`${id}-error`} className="search-form__error">
        {error}
      </p>
    ) : null}
    <input
      id={id}
      type="search"
      name={name}
      defaultValue={defaultValue}
      autoComplete="off"
      maxLength={200}
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    />
  </div>
);
