// AI footage from runway, end to end on the twin through its local contract server (support/footage-journey.ts).
import { footageJourney } from '../../../support/footage-journey.ts';

footageJourney('runway');
