// Apart from the schemas: valibot's top-level calls would follow these texts into every page's entry.
import { site } from '../../content/site'

/** docs/product.md#validation */
export const LEAD_FIELD_MESSAGES = {
  firstNameRequired: 'First name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  firstNameTooLong: 'First name must be 100 characters or fewer',
  emailTooLong: 'Email must be 254 characters or fewer',
  phoneTooLong: 'Phone number must be 40 characters or fewer',
  firstNameInvalidChars: 'First name contains characters that are not allowed',
  emailInvalidChars: 'Email contains characters that are not allowed',
  phoneInvalidChars: 'Phone number contains characters that are not allowed',
  phoneInvalid: 'Please enter a valid phone number',
  streetTooLong: 'Street address must be 200 characters or fewer',
  streetInvalidChars: 'Street address contains characters that are not allowed',
  zipInvalid: 'Please enter a 5-digit ZIP code',
  preferredTimeInvalid: 'Please choose morning, afternoon or flexible',
  serviceInvalid: 'Please choose a service from the list',
  sizeInvalid: 'Please choose a size from the list',
} as const

/** docs/product.md#errors-and-messages */
export const LEAD_MESSAGES = {
  submitError: {
    title: 'Error Submitting Quote Request',
    description: 'There was a problem sending your quote request. Please call the phone number directly.',
  },
  processingError: {
    title: 'Error Processing Request',
    description: 'There was a problem processing your request. Please call the phone number directly.',
  },
  success: {
    title: 'Quote Request Submitted Successfully!',
    description: "We'll get back to you within 24 hours with your free quote.",
  },
  missingFields: {
    title: 'Please fill in all fields',
    description: 'All fields are required to submit your quote request.',
  },
} as const

export const LEAD_ERROR_MESSAGES = {
  rateLimited: `Too many quote requests. Please wait a few minutes or call us at ${site.phone}.`,
  saveFailed: `We could not save your request. Please call us at ${site.phone}.`,
  tooLarge: 'The request is too large.',
} as const
