from crosscheck.cli import main

main()
