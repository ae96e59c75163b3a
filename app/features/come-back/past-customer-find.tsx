// "Find a past customer" (decision 064): a plain GET form, so it works before or without the scripts, listing
// anyone with a past job (stopped, or not due for months) with their "Delete".
import { OwnerField, ownerMarkClass } from '~/components/owner/owner-field'
import { ownerButtonClass } from '~/components/owner/owner-shell'
import type { CustomerSearch } from './come-back.functions'
import { FIND_CUSTOMER_LENGTH, FIND_CUSTOMER_TEXTS as T } from './due-again'
import { PastCustomerDelete } from './past-customer-delete'

export function PastCustomerFind({ search: { find, found, refusal } }: { search: CustomerSearch }) {
  return (
    <section aria-labelledby="find-heading" className="mt-8">
      <h2 id="find-heading" tabIndex={-1} className="text-xl font-bold">
        {T.heading}
      </h2>
      <p className="mt-1">{T.help}</p>
      <form method="get" action="/owner/due-again" role="search" className="mt-3 grid gap-2">
        <OwnerField
          id="find-customer"
          name="find"
          type="search"
          label={T.label}
          defaultValue={find}
          minLength={FIND_CUSTOMER_LENGTH.min}
          maxLength={FIND_CUSTOMER_LENGTH.max}
          required
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? 'find-refusal' : undefined}
        />
        <button type="submit" className={ownerButtonClass}>
          {T.button}
        </button>
      </form>
      {refusal && (
        <p id="find-refusal" className="mt-2 text-red-800">
          {refusal}
        </p>
      )}
      {found && (
        <>
          <p role="status" className="mt-3 font-semibold wrap-anywhere">
            {T.found(found.length, find)}
          </p>
          <ul className="mt-2 grid gap-3">
            {found.map((customer) => (
              <li key={customer.id} className="rounded-lg border border-slate-300 p-4">
                <p className="font-bold wrap-anywhere">{customer.name}</p>
                <p className="text-sm break-all">
                  {customer.email} · {customer.phone}
                  {customer.zip && <> · {customer.zip}</>}
                </p>
                {customer.lastDone && <p className="text-sm">{T.lastJob(customer.lastDone, customer.jobs)}</p>}
                {customer.stopped && <strong className={ownerMarkClass}>{T.stopped}</strong>}
                <div className="mt-2">
                  <PastCustomerDelete customerId={customer.id} name={customer.name} headingId="find-heading" />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
