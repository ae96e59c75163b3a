/** The photo pieces as the server renders them: a labelled native file input that works before any script. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import LeadPhotoUpload from '../../app/features/leads/lead-photo-upload'
import { LeadPhotoForm, LeadPhotoResult } from '../../app/features/leads/lead-photo-form'

describe('the photo upload pieces', () => {
  it('the plain form posts multipart to /quote-photos with the token, a labelled multi-file input and a button', () => {
    const html = renderToStaticMarkup(createElement(LeadPhotoForm, { token: 'tok' }))
    // HTML attribute names are case-insensitive; React writes encType as it is spelled in JSX.
    const form = /<form [^>]*>/.exec(html)![0].toLowerCase()
    for (const attribute of ['method="post"', 'enctype="multipart/form-data"', 'action="/quote-photos"'])
      expect(form).toContain(attribute)
    // The form's first control, so the token is the body's first part: the server refuses a bad one there (051).
    expect(/<form [^>]*><input [^>]*>/.exec(html)?.[0]).toContain('<input type="hidden" name="token" value="tok"/>')
    const input = /<input id="([^"]+)" type="file"[^>]*>/.exec(html)!
    expect(input[0]).toMatch(/accept="image\/\*" multiple=""/)
    expect(input[0]).toContain('name="photos"')
    expect(html).toContain(`<label for="${input[1]}"`)
    expect(html).toContain('Add photos of the area (optional)')
    expect(html).toMatch(/<button type="submit"[^>]*>Send photos<\/button>/)
  })

  it('the script version has the same label, a live status, and no send before photos are chosen', () => {
    const html = renderToStaticMarkup(createElement(LeadPhotoUpload, { token: 'tok' }))
    expect(html).toContain('Add photos of the area (optional)')
    expect(html).toMatch(/type="file" accept="image\/\*" multiple=""/)
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Send photos<\/button>/)
    expect(html).toMatch(/role="status" aria-live="polite"/)
  })

  it('the result page names what happened to the photos', () => {
    expect(renderToStaticMarkup(createElement(LeadPhotoResult, { status: 'added' }))).toContain('Photos received')
    expect(renderToStaticMarkup(createElement(LeadPhotoResult, { status: 'too-large' }))).toContain('larger than 15 MB')
  })
})
