/** A labelled address field of the dashboard's forms: typed as text so `example.com` is accepted (the server adds https://). */
export function UrlField(props: { label: string; name: string; value: string; placeholder: string; onInput: (value: string) => void }) {
  return (
    <label>
      {props.label}
      <input
        type="text"
        name={props.name}
        inputMode="url"
        spellcheck={false}
        required
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        placeholder={props.placeholder}
      />
    </label>
  );
}
