/**
 * The owner posts work from his phone (docs/decisions/049-posted-work.md), on the production build: from a won
 * lead the form opens with its town and kind of job; it is axe clean and works by keyboard; a post shows its
 * progress and lands in the list; a dropped connection keeps the photos for "Try again" and stores the job once;
 * coming back online sends by itself; hiding and deleting update the list, and drop this instance's stored pages
 * (decision 049): the very next visit, well within the pages' freshness, no longer shows the job.
 */
import { POST_WORK_PATH, suggestedAlt, postWorkFieldsSchema } from '~/features/work/posted-work'
import { WORK_TEXTS } from '~/features/work/posted-work-form'
import { expectNoViolations } from './support/axe'
import { APP_SCRIPTS, holdRequests } from './support/hold-requests'
import { signInOwner, startOwnerServer } from './support/owner'
import { phonePhoto } from './support/photo'
import { storeTestLead, type SiteServer } from './support/site-server'
import { expect, test, type Page } from './support/test'

test.use({ viewport: { width: 360, height: 740 } })

const consentMessage = String(postWorkFieldsSchema.entries.consent.message)

function jobs(page: Page) {
  return page.getByRole('list', { name: `${WORK_TEXTS.listHeading}, newest first` }).getByRole('listitem')
}

/** The gallery as a visitor without cookies gets it, and whether it came from the stored pages. */
async function gallery(server: SiteServer) {
  const response = await fetch(`${server.url}/gallery`)
  expect(response.status).toBe(200)
  return { html: await response.text(), stored: response.headers.get('x-page-cache') === 'hit' }
}

async function choosePhotos(page: Page, before: Buffer, after: Buffer) {
  await page.getByLabel(WORK_TEXTS.before).setInputFiles({ name: 'before.jpg', mimeType: 'image/jpeg', buffer: before })
  await page.getByLabel(WORK_TEXTS.after).setInputFiles({ name: 'after.jpg', mimeType: 'image/jpeg', buffer: after })
}

test('the owner posts work from his phone: from a won lead, by keyboard, through a dropped connection @mobile', async ({
  page,
}) => {
  test.setTimeout(240_000)
  // Stored pages live a minute: only the drop can take a hidden or deleted job off the next visit.
  const server = await startOwnerServer({ HTML_CACHE_SECONDS: '60' }, (db) =>
    storeTestLead(db, { first_name: 'Fern', service_zip: '95630', source_page: '/services?tab=driveway' }),
  )
  const [before, after] = await Promise.all([phonePhoto('#5a4a3a', '#222'), phonePhoto('#b9b4aa', '#ddd')])
  const form = page.getByRole('form', { name: WORK_TEXTS.heading })
  const post = form.getByRole('button', { name: WORK_TEXTS.post })
  const retry = form.getByRole('button', { name: WORK_TEXTS.retry })
  const posted = form.getByRole('status').filter({ hasText: WORK_TEXTS.posted })
  let choosers = 0
  page.on('filechooser', () => choosers++)

  await test.step("a won lead's link opens the form with its town and kind of job", async () => {
    await signInOwner(page, server)
    const card = page.getByRole('article').filter({ hasText: 'Fern' })
    await card.getByLabel('Status').selectOption('won')
    await card.getByRole('button', { name: 'Save' }).click()
    await expect(card.getByRole('status')).toHaveText('Saved.')
    await card.getByRole('link', { name: WORK_TEXTS.fromLead }).click()
    await expect(page).toHaveURL(/[?&]view=work/)
    await expect(form.getByLabel(WORK_TEXTS.category)).toHaveValue('Driveway Cleaning')
    await expect(form.getByLabel(WORK_TEXTS.city)).toHaveValue('folsom')
    await expect(form.getByLabel(WORK_TEXTS.alt)).toHaveValue(suggestedAlt('Driveway Cleaning', 'folsom'))
    await expect(page.getByRole('link', { name: WORK_TEXTS.tab })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText(WORK_TEXTS.privacy)).toBeVisible()
  })

  await test.step('the form is axe clean', async () => {
    await expect(post).toBeEnabled()
    await expectNoViolations(page)
  })

  await test.step('the description follows the town until the owner writes his own', async () => {
    const alt = form.getByLabel(WORK_TEXTS.alt)
    await form.getByLabel(WORK_TEXTS.city).selectOption('roseville')
    await expect(alt).toHaveValue(suggestedAlt('Driveway Cleaning', 'roseville'))
    await form.getByLabel(WORK_TEXTS.city).selectOption('folsom')
    await expect(alt).toHaveValue(suggestedAlt('Driveway Cleaning', 'folsom'))
  })

  await test.step('by keyboard: photos, consent, and a post with its progress and confirmation', async () => {
    // The last of the inbox's tabs comes just before the form.
    await page.getByRole('navigation', { name: 'Inbox views' }).getByRole('link').last().focus()
    await page.keyboard.press('Tab')
    await expect(form.getByLabel(WORK_TEXTS.before)).toBeFocused()
    for (const [file, next] of [
      [before, WORK_TEXTS.after],
      [after, WORK_TEXTS.category],
    ] as const) {
      const chooser = page.waitForEvent('filechooser')
      await page.keyboard.press('Space')
      await (await chooser).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: file })
      await page.keyboard.press('Tab')
      await expect(form.getByLabel(next)).toBeFocused()
    }
    await expect(form.getByRole('img', { name: `${WORK_TEXTS.after}, as chosen` })).toBeVisible()
    await page.keyboard.press('Tab') // town
    await page.keyboard.press('Tab')
    await expect(form.getByLabel(WORK_TEXTS.caption)).toBeFocused()
    await page.keyboard.type('Oil stains gone')
    await page.keyboard.press('Tab') // description
    await page.keyboard.press('Tab')
    const consent = form.getByLabel(WORK_TEXTS.consent)
    await expect(consent).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(post).toBeFocused()

    // Without the customer's consent: told why, and taken to the box.
    await page.keyboard.press('Enter')
    await expect(form.getByRole('alert')).toHaveText(consentMessage)
    await expect(consent).toBeFocused()
    await expect(consent).toHaveAttribute('aria-invalid', 'true')
    await page.keyboard.press('Space')
    await expect(form.getByRole('alert')).toBeEmpty()

    const release = await holdRequests(page, `**${POST_WORK_PATH}`)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(form.getByRole('progressbar', { name: 'Sending photos' })).toBeVisible()
    release()
    await expect(posted).toBeVisible()
    await expect(posted.getByRole('link', { name: WORK_TEXTS.seeGallery })).toHaveAttribute('href', '/gallery')
    await expect(posted.getByRole('link', { name: WORK_TEXTS.seeCity('folsom') })).toHaveAttribute(
      'href',
      '/city/folsom',
    )
    await page.unroute(`**${POST_WORK_PATH}`)
    // The form starts over for the next job.
    await expect(form.getByLabel(WORK_TEXTS.category)).toHaveValue('')
    await expect(form.getByLabel(WORK_TEXTS.consent)).not.toBeChecked()
    await expect(jobs(page)).toHaveCount(1)
    const job = jobs(page).first()
    await expect(job).toContainText('Driveway Cleaning · Folsom')
    await expect(job).toContainText(WORK_TEXTS.shown)
    await expect(job).toContainText('Oil stains gone')
    const thumbnail = job.getByRole('img', { name: suggestedAlt('Driveway Cleaning', 'folsom') })
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  })

  await test.step('a dropped connection keeps the photos for "Try again", and the job is stored once', async () => {
    await choosePhotos(page, before, after)
    await form.getByLabel(WORK_TEXTS.category).selectOption('Patio Cleaning')
    await form.getByLabel(WORK_TEXTS.consent).check()
    // The server stores the post; its answer never reaches the phone.
    let attempts = 0
    await page.route(`**${POST_WORK_PATH}`, async (route) => {
      attempts++
      if (attempts > 1) return route.continue()
      await route.fetch()
      await route.abort('connectionreset')
    })
    const chosenBefore = choosers
    await post.click()
    await expect(form.getByRole('alert')).toContainText(WORK_TEXTS.dropped)
    await retry.click()
    await expect(posted).toBeVisible()
    expect(attempts).toBe(2)
    expect(choosers).toBe(chosenBefore)
    await page.unroute(`**${POST_WORK_PATH}`)
    await page.reload()
    await expect(jobs(page)).toHaveCount(2)
    await expect(jobs(page).filter({ hasText: 'Patio Cleaning' })).toHaveCount(1)
    await expect(jobs(page).first()).toContainText('Patio Cleaning')
  })

  await test.step('what the owner chose before the scripts ran is what goes', async () => {
    const release = await holdRequests(page, APP_SCRIPTS)
    await page.reload({ waitUntil: 'domcontentloaded' })
    await choosePhotos(page, before, after)
    await form.getByLabel(WORK_TEXTS.category).selectOption('Deck Cleaning')
    await form.getByLabel(WORK_TEXTS.city).selectOption('rocklin')
    await form.getByLabel(WORK_TEXTS.consent).check()
    release()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
    await expect(form.getByLabel(WORK_TEXTS.alt)).toHaveValue(suggestedAlt('Deck Cleaning', 'rocklin'))
    await expect(form.getByLabel(WORK_TEXTS.category)).toHaveValue('Deck Cleaning')
    await expect(form.getByLabel(WORK_TEXTS.consent)).toBeChecked()
  })

  await test.step('offline, the post goes by itself once the phone is back online', async () => {
    await page.context().setOffline(true)
    await post.click()
    await expect(form.getByRole('alert')).toContainText(WORK_TEXTS.dropped)
    await expect(retry).toBeVisible()
    await page.context().setOffline(false)
    await expect(posted).toBeVisible()
    await expect(jobs(page)).toHaveCount(3)
    await expect(jobs(page).first()).toContainText('Deck Cleaning · Rocklin')
  })

  await test.step('hiding and deleting update the list and the very next visit of the gallery', async () => {
    const [driveway, deckAlt, patioAlt] = [
      suggestedAlt('Driveway Cleaning', 'folsom'),
      suggestedAlt('Deck Cleaning', 'rocklin'),
      suggestedAlt('Patio Cleaning', null),
    ]
    await expect.poll(async () => (await gallery(server)).stored).toBe(true)
    const shown = await gallery(server)
    expect([shown.html.includes(deckAlt), shown.html.includes(patioAlt)]).toEqual([true, true])

    const deck = jobs(page).filter({ hasText: 'Deck Cleaning' })
    await deck.getByRole('button', { name: WORK_TEXTS.hide }).click()
    await expect(deck).toContainText(WORK_TEXTS.hidden)
    await expect(deck.getByRole('button', { name: WORK_TEXTS.show })).toBeVisible()
    // No polling after the owner's answer: a stored page would pass it.
    const hidden = await gallery(server)
    expect([hidden.stored, hidden.html.includes(deckAlt), hidden.html.includes(driveway)]).toEqual([false, false, true])
    await page.reload()
    await expect(deck).toContainText(WORK_TEXTS.hidden)

    // Stored again, now without the hidden job, before the delete.
    await expect.poll(async () => (await gallery(server)).stored).toBe(true)
    const patio = jobs(page).filter({ hasText: 'Patio Cleaning' })
    await patio.getByRole('button', { name: WORK_TEXTS.deleteJob.open }).click()
    const dialog = page.getByRole('dialog', { name: WORK_TEXTS.deleteJob.question })
    await expect(dialog.getByRole('button', { name: WORK_TEXTS.deleteJob.keep })).toBeFocused()
    await dialog.getByRole('button', { name: WORK_TEXTS.deleteJob.confirm }).click()
    await expect(jobs(page)).toHaveCount(2)
    await expect(page.getByRole('heading', { name: WORK_TEXTS.listHeading })).toBeFocused()
    const deleted = await gallery(server)
    expect([deleted.stored, deleted.html.includes(patioAlt), deleted.html.includes(driveway)]).toEqual([
      false,
      false,
      true,
    ])
    await page.reload()
    await expect(jobs(page)).toHaveCount(2)
    await expect(jobs(page).filter({ hasText: 'Patio Cleaning' })).toHaveCount(0)
    await expect(jobs(page).filter({ hasText: 'Deck Cleaning' })).toContainText(WORK_TEXTS.hidden)
  })
})
