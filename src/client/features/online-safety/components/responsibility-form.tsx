import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { inputClassName } from "@/client/components/ui/field-classes";
import { NativeSelect } from "@/client/components/ui/native-select";
import type { RecordVersion, ResponsibilityContent } from "@/shared/online-safety";
import { describedBy, Field } from "./field";
import { RecordHistory, SavedLine } from "./record-history";
import { useRecordForm } from "./use-record-form";

/** The admin accountable for online safety; only the role and the address are ever public. */
export function ResponsibilityForm({
  current,
  admins,
  canEdit,
}: {
  current: RecordVersion<ResponsibilityContent> | null;
  admins: { id: string; name: string }[];
  canEdit: boolean;
}) {
  const c = current?.content;
  const [personId, setPersonId] = useState(c?.personId ?? "");
  const [role, setRole] = useState(c?.role ?? "");
  const [email, setEmail] = useState(c?.contactEmail ?? "");
  const { submit, pending, fields } = useRecordForm("responsibility", "Accountable person saved");
  const roleHint = "Shown publicly instead of a name, with the contact address.";
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Accountable person"
      onSubmit={(event) => {
        event.preventDefault();
        submit({ personId, role, contactEmail: email });
      }}
    >
      <SavedLine version={current} />
      {canEdit ? (
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-3">
          <Field id="responsibility-person" label="Accountable admin" error={fields.personId}>
            <NativeSelect
              id="responsibility-person"
              value={personId}
              aria-invalid={fields.personId ? true : undefined}
              aria-describedby={describedBy("responsibility-person", undefined, fields.personId)}
              onChange={(event) => setPersonId(event.target.value)}
            >
              <option value="">Choose an admin</option>
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field id="responsibility-role" label="Role" hint={roleHint} error={fields.role}>
            <input
              id="responsibility-role"
              className={inputClassName}
              value={role}
              aria-invalid={fields.role ? true : undefined}
              aria-describedby={describedBy("responsibility-role", roleHint, fields.role)}
              onChange={(event) => setRole(event.target.value)}
            />
          </Field>
          <Field id="responsibility-email" label="Contact address" error={fields.contactEmail}>
            <input
              id="responsibility-email"
              type="email"
              className={inputClassName}
              value={email}
              aria-invalid={fields.contactEmail ? true : undefined}
              aria-describedby={describedBy("responsibility-email", undefined, fields.contactEmail)}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
        </fieldset>
      ) : c ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium">Accountable admin</dt>
            <dd>{c.personName}</dd>
          </div>
          <div>
            <dt className="font-medium">Role</dt>
            <dd>{c.role}</dd>
          </div>
          <div>
            <dt className="font-medium">Contact address</dt>
            <dd>{c.contactEmail}</dd>
          </div>
        </dl>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RecordHistory recordKey="responsibility" label="the accountable person" />
        {canEdit ? (
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save a new version"}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
