import { startIslands } from './islands/start-islands';
import { showCurrentYear } from './lib/copyright-year';
import { loadLazyImagesForPrint } from './lib/eager-for-print';
import './styles.css';

// The first view's only script: no React until an island needs it (src/islands/).
loadLazyImagesForPrint();
showCurrentYear();
startIslands();
