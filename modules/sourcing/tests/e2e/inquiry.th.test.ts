// The inquiry's life in the browser in Thai (inquiryJourney.ts says what it walks through).
import { inject } from 'vitest';
import { inquiryJourney } from './inquiryJourney';

inquiryJourney('TH', inject('baseUrl'));
