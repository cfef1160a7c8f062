// The inquiry's life in the browser in Chinese (inquiryJourney.ts says what it walks through).
import { inject } from 'vitest';
import { inquiryJourney } from './inquiryJourney';

inquiryJourney('CN', inject('baseUrl'));
