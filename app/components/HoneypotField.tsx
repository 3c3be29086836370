import { HONEYPOT_FIELD } from "../forms/contact";

/** A field people never see and bots fill in; a filled one is refused (app/services/contact.server.ts). */
export function HoneypotField() {
  return (
    <div className="mg-honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
