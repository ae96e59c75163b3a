import { ownerPhotoUrl } from '~/features/leads'

/** The visitor's photos as thumbnails; a tap opens the full size. Owner-only URLs (decision 044). */
export function OwnerLeadPhotos({ leadId, names, firstName }: { leadId: string; names?: string[]; firstName: string }) {
  if (!names?.length) return null
  return (
    <ul aria-label={`Photos from ${firstName}`} className="mt-3 flex flex-wrap gap-2">
      {names.map((name, index) => (
        <li key={name}>
          <a
            href={ownerPhotoUrl(leadId, name)}
            target="_blank"
            rel="noopener"
            className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
          >
            <img
              src={ownerPhotoUrl(leadId, name)}
              alt={`Photo ${index + 1} of ${names.length} from ${firstName}`}
              width={88}
              height={88}
              loading="lazy"
              decoding="async"
              className="size-22 rounded-lg border border-slate-300 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
