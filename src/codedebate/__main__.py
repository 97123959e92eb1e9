import sys

from codedebate.cli import main

sys.exit(main())
